// A file download's answer (the HR portal's exports and certificates, a company's invoice, act and
// reconciliation): its type, an attachment name any client reads, never cached or sniffed.

export type DownloadKind = 'xlsx' | 'csv' | 'zip' | 'pdf';

const CONTENT_TYPES: Record<DownloadKind, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

/** `attachment` with an ASCII name for old clients and the UTF-8 one (a Cyrillic last name) for the rest. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function fileResponse(body: BodyInit, ext: DownloadKind, name: string): Response {
  return new Response(body, {
    headers: {
      'Content-Type': CONTENT_TYPES[ext],
      'Content-Disposition': contentDisposition(name),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
