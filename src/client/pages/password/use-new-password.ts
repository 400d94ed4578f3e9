import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { applyServerFieldErrors } from '../../api/form-errors';
import { accessApi } from '../../session/access-api';
import { readStoredSession, writeStoredSession } from '../../kernel/storage';

export type LinkCheck = 'checking' | 'valid' | 'invalid';

/**
 * The new-password page's state: the mailed link's token checked first (an expired link goes to
 * /forgotpwd/deadline), the form of the new password and its repeat, and the account it was set for.
 *
 * Example: `const np = useNewPassword(); np.check === 'valid' && <form onSubmit={np.submit} />`
 */
export function useNewPassword() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [check, setCheck] = useState<LinkCheck>(token ? 'checking' : 'invalid');
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const { control, handleSubmit, formState, setError, getValues } = useForm<{ password: string; repeat: string }>({ defaultValues: { password: '', repeat: '' } });

  useEffect(() => {
    if (!token) return;
    let live = true;
    accessApi
      .resetLinkState(token)
      .then((s) => {
        if (!live) return;
        if (s.expired) navigate('/forgotpwd/deadline', { replace: true });
        else setCheck(s.valid ? 'valid' : 'invalid');
      })
      .catch(() => live && setCheck('invalid'));
    return () => {
      live = false;
    };
  }, [token, navigate]);

  const submit = handleSubmit(async (v) => {
    try {
      const r = await accessApi.resetPassword({ token, password: v.password, repeat: v.repeat });
      // The login form offers the account whose password was just set.
      writeStoredSession({ ...readStoredSession(), username: r.username });
      setDoneFor(r.username);
    } catch (e) {
      if (e instanceof ApiError && (e.data as { expired?: boolean } | null)?.expired) navigate('/forgotpwd/deadline', { replace: true });
      else if (e instanceof ApiError && (e.data as { invalid?: boolean } | null)?.invalid) setCheck('invalid');
      else applyServerFieldErrors(e, setError, { new_password: 'password', repeat_password: 'repeat' }, ['password', 'repeat']);
    }
  });

  return { navigate, check, doneFor, control, formState, getValues, submit };
}
