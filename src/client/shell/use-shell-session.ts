import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { LoginReply } from '../session/login-reply';
import { access, signInWith } from '../session/access-state';
import { endSession, keepSessionFresh } from '../session/session-flow';
import { connectNotificationSocket, disconnectNotificationSocket } from '../session/notification-socket';
import { toast } from '../kernel/toast-bus';
import { startVersionPolling } from './version-check';

/** Signs out: ends the session, closes the notification socket and goes to the sign-in page. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    await endSession();
    disconnectNotificationSocket();
    navigate('/login', { replace: true });
  };
}

/** Applies a switch reply (platform or company): signs in with it, says so and goes home. */
export function useSwitchTo(): (reply: LoginReply | null, message: string) => void {
  const navigate = useNavigate();
  return (reply, message) => {
    if (reply && signInWith(reply)) {
      toast.success(message);
      navigate('/workspace/home');
    }
  };
}

/** The signed-in shell's background work: the notification socket, version polling, a fresh token. */
export function useShellSession(): void {
  const user = useSnapshot(access);
  // The notification socket follows the signed-in user (spec 7).
  useEffect(() => {
    if (user.id !== null) connectNotificationSocket();
  }, [user.id, user.clientId]);
  useEffect(() => () => disconnectNotificationSocket(), []);
  useEffect(() => startVersionPolling(), []);
  // A page left open keeps its token fresh with the guard's own rule (checked every minute).
  useEffect(() => {
    const timer = window.setInterval(() => void keepSessionFresh().then(() => connectNotificationSocket()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
}
