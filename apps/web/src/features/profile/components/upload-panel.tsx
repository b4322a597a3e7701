import { useId, useRef, useState, type ReactNode } from 'react';
import type { FileLike } from '@spajobs/contract/files';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/states';
import { readToken } from '../../../lib/session-storage';
import { ApiError } from '../../../lib/api-client';
import { format, t } from '../../../messages';
import { useUploadFile, type UploadKind } from '../api/upload-file';

type Outcome = { kind: 'error' | 'success'; text: string } | null;

function uploadError(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.isNetwork) return t.common.networkError;
  const b =
    err instanceof ApiError ? (err.body as { message?: unknown; error?: unknown } | undefined) : undefined;
  if (typeof b?.message === 'string' && b.message) return b.message;
  if (typeof b?.error === 'string' && b.error) return b.error;
  return fallback;
}

export interface UploadPanelProps {
  kind: UploadKind;
  title: string;
  hint: string;
  accept: string;
  chooseLabel: string;
  uploadLabel: string;
  successText: string;
  failureText: string;
  /** The browser's first check of the file (contract): the message, or null when it may go. */
  check: (f: FileLike | null) => string | null;
  onUploaded?: (path: string | null) => void;
  /** What is stored now (the photo, the resume link). */
  children: ReactNode;
}

/**
 * Choose a file, upload it (spec section 4): no file, chosen, uploading, then
 * success with the input cleared, or an error with the rule's or server's message.
 */
export function UploadPanel(props: UploadPanelProps) {
  const { kind, title, hint, accept, chooseLabel, uploadLabel, successText, failureText, check } = props;
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const upload = useUploadFile(kind);

  const onChoose = (f: File | null) => {
    setFile(f);
    const problem = f ? check(f) : null;
    setOutcome(problem ? { kind: 'error', text: problem } : null);
  };

  const onUpload = async () => {
    if (!readToken()) return setOutcome({ kind: 'error', text: t.rules.authRequired });
    const problem = check(file);
    if (problem || !file) return setOutcome({ kind: 'error', text: problem ?? failureText });
    setOutcome(null);
    try {
      const { path } = await upload.mutateAsync(file);
      setFile(null);
      if (input.current) input.current.value = '';
      setOutcome({ kind: 'success', text: successText });
      props.onUploaded?.(path);
    } catch (err) {
      setOutcome({ kind: 'error', text: uploadError(err, failureText) });
    }
  };

  return (
    <Card className="flex flex-col p-4 sm:p-5">
      <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
      <div className="mt-3">{props.children}</div>
      <div className="mt-4 space-y-2">
        <label htmlFor={id} className="block text-sm font-medium text-stone-800">
          {chooseLabel}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          accept={accept}
          aria-describedby={`${id}-hint`}
          onChange={(e) => onChoose(e.target.files?.[0] ?? null)}
          className="block w-full rounded-lg border border-stone-300 bg-white text-sm text-stone-800 file:mr-3 file:min-h-11 file:cursor-pointer file:border-0 file:bg-brand-50 file:px-3 file:font-semibold file:text-brand-800"
        />
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {hint}
        </p>
        {file && outcome?.kind !== 'error' && (
          <p className="truncate text-sm text-stone-700">{format(t.profile.chosen, { name: file.name })}</p>
        )}
        {outcome && (
          <p
            role={outcome.kind === 'error' ? 'alert' : 'status'}
            className={
              outcome.kind === 'error' ? 'text-sm text-red-700' : 'text-sm font-medium text-green-800'
            }
          >
            {outcome.text}
          </p>
        )}
        <Button onClick={() => void onUpload()} disabled={upload.isPending} className="w-full sm:w-auto">
          {upload.isPending ? t.profile.uploading : uploadLabel}
        </Button>
      </div>
    </Card>
  );
}
