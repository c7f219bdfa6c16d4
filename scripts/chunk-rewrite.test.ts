import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import nextPkg from 'next/package.json';
import reactPkg from 'react/package.json';
import { HINT, rewriteChunk } from './chunk-rewrite.mjs';

const versions = { next: nextPkg.version, react: reactPkg.version };
// What Turbopack makes of next/dist/client/app-bootstrap.js, and react-dom's run-time version check.
const bootstrap = `let a="${versions.next}";window.next={version:a,appDir:!0};`;
const reactDom = `if("${versions.react}"!==r.version)throw Error(u(527,r.version,"${versions.react}"));x={version:"${versions.react}"}`;

describe("Next's version in client chunks", () => {
  it('is blanked; React\'s version is left alone; the compile hint is added once', () => {
    const once = rewriteChunk(bootstrap + reactDom + `b={version:'${versions.next}'}`, versions);
    expect(once.text.startsWith(HINT)).toBe(true);
    expect(once.text).not.toContain(versions.next);
    expect(once.text).toContain('let a="";window.next={version:a,appDir:!0};');
    expect(once.text.split(`"${versions.react}"`).length - 1).toBe(3);
    expect(once.versionsBlanked).toBe(2);
    const twice = rewriteChunk(once.text, versions);
    expect(twice.text).toBe(once.text);
    expect(twice.hinted).toBe(false);
  });

  it('leaves longer version-like strings and unquoted text alone', () => {
    const text = `x="${versions.next}.1";y="v${versions.next}";z=${JSON.stringify(`next@${versions.next}`)}`;
    expect(rewriteChunk(text, versions).text).toBe(HINT + text);
  });

  it('compile-hints.mjs rewrites every chunk of a build folder', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tilmen-chunks-'));
    try {
      const chunks = path.join(dist, 'static', 'chunks', 'app');
      fs.mkdirSync(chunks, { recursive: true });
      fs.writeFileSync(path.join(chunks, 'boot.js'), bootstrap);
      fs.writeFileSync(path.join(dist, 'static', 'chunks', 'react-dom.js'), reactDom);
      const run = () =>
        execFileSync(process.execPath, [path.join(process.cwd(), 'scripts/compile-hints.mjs')], { env: { ...process.env, NEXT_DIST_DIR: dist }, encoding: 'utf8' });
      expect(run()).toMatch(/2 of 2 client chunks marked/);
      const boot = fs.readFileSync(path.join(chunks, 'boot.js'), 'utf8');
      expect(boot).toBe(`${HINT}let a="";window.next={version:a,appDir:!0};`);
      expect(fs.readFileSync(path.join(dist, 'static', 'chunks', 'react-dom.js'), 'utf8')).toBe(HINT + reactDom);
      expect(run()).toMatch(/0 of 2 client chunks marked/);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
