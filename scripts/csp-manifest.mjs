// Post-build step of `npm run build`: the sha256 of every inline script of every prerendered HTML
// page (each locale), written to <distDir>/csp-manifest.json. server.mjs serves each prerendered page
// with a Content-Security-Policy listing its own hashes, so the pages stay static without
// 'unsafe-inline' (lib/server/csp.mjs explains the whole policy).
import { writeManifest } from '../lib/server/csp.mjs';

const dist = process.env.NEXT_DIST_DIR || '.next';
const manifest = writeManifest(dist);
const pages = Object.values(manifest.pages);
const hashes = new Set(pages.flat());
console.log(
  `csp-manifest: ${pages.length} prerendered pages, ${hashes.size} distinct inline script hashes, ${manifest.errorPages.length} for the error pages`,
);
