import type { AnchorHTMLAttributes, AudioHTMLAttributes, ImgHTMLAttributes } from 'react';
import { useFileSrc } from './file-src';

/**
 * Elements that show or open a stored file through its signed link (file-src.ts). Until the link is
 * known nothing is requested: an image keeps its box, a link is not yet clickable.
 */
export function StoredImg({ src, ...rest }: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { src: string | null | undefined }) {
  const url = useFileSrc(src);
  return url ? <img src={url} {...rest} /> : <span className={rest.className} style={{ display: 'inline-block', ...rest.style }} aria-hidden />;
}

export function StoredAudio({ src, ...rest }: Omit<AudioHTMLAttributes<HTMLAudioElement>, 'src'> & { src: string | null | undefined }) {
  const url = useFileSrc(src);
  return <audio src={url || undefined} {...rest} />;
}

/** A link opening a stored file (a download unless it is an image, a sound or a PDF). */
export function StoredLink({ href, children, ...rest }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string | null | undefined }) {
  const url = useFileSrc(href);
  return <a href={url || undefined} aria-disabled={!url} {...rest}>{children}</a>;
}
