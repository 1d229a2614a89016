import { useState } from 'react';
import { Link } from 'react-router';
import { CarteLogo } from '../../../components/brand/carte-logo.tsx';
import { mediaSrc, mediaSrcSet } from '../../../lib/media.ts';

const ICON_PX = 32;

/** Header left side: the venue icon (or Carte's logo) and name, linking to the venue's home. */
export function VenueBrand({ name, headerIcon, to }: { name: string; headerIcon: string | null; to: string }) {
  const [failed, setFailed] = useState(false);
  const showIcon = Boolean(headerIcon) && !failed;
  return (
    <Link to={to} className="flex min-h-11 min-w-0 items-center gap-2 rounded-lg pr-1 font-semibold">
      {showIcon ? (
        <img
          src={mediaSrc(headerIcon!, ICON_PX)}
          srcSet={mediaSrcSet(headerIcon)}
          sizes={`${ICON_PX}px`}
          width={ICON_PX}
          height={ICON_PX}
          alt=""
          className="size-8 shrink-0 rounded-lg object-cover"
          onError={() => setFailed(true)}
        />
      ) : (
        <CarteLogo size={ICON_PX} className="shrink-0" />
      )}
      <span className="truncate text-base leading-tight">{name}</span>
    </Link>
  );
}
