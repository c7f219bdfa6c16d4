// pdf.js's worker as a module (components/lesson-room/board-pdf.ts runs it on the page's thread).
declare module 'pdfjs-dist/build/pdf.worker.min.mjs' {
  export const WorkerMessageHandler: unknown;
}
