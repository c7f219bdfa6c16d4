'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/browser/api/client';
import { apiErrorBody } from '@/lib/browser/api/error-body';

interface Doc {
  id: number;
  fileName: string;
  contentType: string;
  size: number;
}

const MAX_FILES = 5;
const MAX_BYTES = 10 * 1024 * 1024;
const PATH = '/api/user2/application/documents';

/**
 * Documents the tutor attaches to their application (a diploma, a certificate): PDF, JPEG or PNG,
 * at most 5 of up to 10 MB each (the server checks the content: lib/media/document.ts). Shown in the
 * correction form; each can be removed before the application is sent again. Only reviewers open them.
 */
export function CabinetDocuments() {
  const t = useTranslations('Cabinet.documents');
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [docs, setDocs] = useState<Doc[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');

  useEffect(() => {
    let live = true;
    api
      .get<{ documents: Doc[] }>(PATH)
      .then(({ data }) => live && setDocs(data.documents))
      .catch(() => live && setDocs([]));
    return () => {
      live = false;
    };
  }, []);

  async function upload(file: File | undefined) {
    if (!file) return;
    setError('');
    if (file.size > MAX_BYTES) {
      setError(t('tooBig'));
      if (fileRef.current) fileRef.current.value = '';
      return;
    }
    setBusy(true);
    setStatus(t('uploading'));
    try {
      const { data } = await api.post<{ documents: Doc[] }>(`${PATH}?name=${encodeURIComponent(file.name)}`, file, {
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
      });
      setDocs(data.documents);
      setStatus(t('uploaded', { name: file.name }));
    } catch (err) {
      setError(apiErrorBody(err)?.message ?? t('failed'));
      setStatus('');
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  async function remove(doc: Doc) {
    setError('');
    setBusy(true);
    try {
      const { data } = await api.delete<{ documents: Doc[] }>(`${PATH}/${doc.id}`);
      setDocs(data.documents);
      setStatus(t('removed', { name: doc.fileName }));
    } catch (err) {
      setError(apiErrorBody(err)?.message ?? t('failed'));
    } finally {
      setBusy(false);
    }
  }

  const full = (docs?.length ?? 0) >= MAX_FILES;
  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-hint`} aria-busy={busy}>
      <legend className="mb-1.5 text-sm font-medium text-ink">{t('title')}</legend>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {t('hint')}
      </p>
      {docs && docs.length > 0 && (
        <ul className="grid gap-1" data-testid="application-documents">
          {docs.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="break-all">{d.fileName}</span>
              <span className="text-muted">{t('size', { kb: Math.max(1, Math.round(d.size / 1024)) })}</span>
              <button
                type="button"
                disabled={busy}
                onClick={() => remove(d)}
                className="rounded-lg px-2 py-1 font-medium text-danger underline-offset-2 hover:underline disabled:opacity-50"
              >
                {t('remove', { name: d.fileName })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {docs && !full && (
        <div>
          <label htmlFor={`${id}-file`} className="mb-1 block text-sm font-medium">
            {t('add')}
          </label>
          <input
            id={`${id}-file`}
            ref={fileRef}
            type="file"
            accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
            disabled={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => upload(e.target.files?.[0])}
            className="block w-full text-sm"
          />
        </div>
      )}
      {docs && full && <p className="text-sm text-muted">{t('full')}</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <p role="status" className="sr-only">
        {status}
      </p>
    </fieldset>
  );
}
