import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { ImagePlus, Trash2 } from 'lucide-react';
import { uploadAsset, type UploadedAsset } from '../../lib/staff/upload-asset.ts';
import { errorText, secondaryButton, useErrorText } from './ui.tsx';

export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/**
 * A photo: the chosen file shows at once as a preview, uploads with a progress bar (XMLHttpRequest
 * upload progress) and becomes the asset id the form sends. The server reads the type from the
 * bytes; its refusals (no file, type, size) are shown under the control.
 */
export function PhotoField({
  venueId,
  label,
  hint,
  url,
  onUploaded,
  onRemove,
  disabled = false,
  previewSize = 96,
  serverError,
}: {
  venueId: string;
  label: string;
  hint?: string;
  url: string | null;
  onUploaded: (asset: UploadedAsset) => void;
  onRemove: () => void;
  disabled?: boolean;
  previewSize?: number;
  serverError?: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const explain = useErrorText();

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const preview = URL.createObjectURL(file);
    setLocalPreview(preview);
    setProgress(0);
    try {
      const asset = await uploadAsset(file, venueId, setProgress);
      onUploaded(asset);
    } catch (e) {
      setError(explain(e));
    } finally {
      setProgress(null);
      setLocalPreview(null);
      URL.revokeObjectURL(preview);
      if (input.current) input.current.value = '';
    }
  };

  const shown = localPreview ?? url;
  const busy = progress !== null;
  const message = error ?? serverError;
  return (
    <div className="flex flex-col gap-2">
      <span id={`${id}-label`} className="text-sm font-semibold">
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-4">
        <div
          className="flex shrink-0 items-center justify-center overflow-hidden rounded-xl border border-line bg-surface-2"
          style={{ width: previewSize, height: previewSize }}
        >
          {shown ? (
            <img
              src={shown}
              alt={t('admin.photo.previewAlt')}
              width={previewSize}
              height={previewSize}
              className="size-full object-cover"
            />
          ) : (
            <ImagePlus aria-hidden="true" className="size-8 text-muted" />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={id}
            className={`${secondaryButton} cursor-pointer focus-within:outline-2 focus-within:outline-[var(--focus)] ${
              disabled || busy ? 'pointer-events-none opacity-60' : ''
            }`}
          >
            <ImagePlus aria-hidden="true" className="size-5" />
            {shown ? t('admin.photo.replace') : t('admin.photo.choose')}
            <input
              ref={input}
              id={id}
              type="file"
              accept={ACCEPTED_IMAGE_TYPES}
              className="sr-only"
              disabled={disabled || busy}
              aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
              aria-invalid={message ? true : undefined}
              onChange={(e) => void choose(e.target.files?.[0])}
            />
          </label>
          {url && !busy ? (
            <button type="button" className={secondaryButton} onClick={onRemove} disabled={disabled}>
              <Trash2 aria-hidden="true" className="size-5" />
              {t('admin.photo.remove')}
            </button>
          ) : null}
        </div>
      </div>
      {busy ? (
        <div className="flex items-center gap-2">
          <progress
            className="h-2 w-full max-w-xs overflow-hidden rounded-full accent-[var(--brand)]"
            max={100}
            value={Math.round((progress ?? 0) * 100)}
            aria-label={t('admin.photo.uploading')}
          />
          <span className="text-sm text-muted tabular-nums">{Math.round((progress ?? 0) * 100)}%</span>
        </div>
      ) : null}
      <p id={`${id}-hint`} className="text-sm text-muted">
        {hint ?? t('admin.photo.hint')}
      </p>
      <div aria-live="polite" className="empty:hidden">
        {message ? (
          <p id={`${id}-error`} className={errorText}>
            {message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
