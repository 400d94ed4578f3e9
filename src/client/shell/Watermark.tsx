import { useSnapshot } from 'valtio';
import { access, shellState } from '../session/access-state';
import { watermarkStyle, watermarkText } from './watermark';

/** The screen-wide watermark (spec 1, 9), shown while the shell's flag is on. */
export function Watermark() {
  const shell = useSnapshot(shellState);
  const user = useSnapshot(access);
  if (!shell.watermark || user.id === null) return null;
  return <div data-testid="watermark" aria-hidden="true" style={watermarkStyle(watermarkText(user.fullname || user.username, new Date()))} />;
}
