// Builds the page into a directory (default ../static): app.js, app.css
// and index.html. The build is reproducible: the same sources and the same
// locked packages give the same bytes, which make web-check verifies.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(process.argv[2] || join(here, '..', 'static'));
mkdirSync(out, { recursive: true });

const common = {
  bundle: true,
  minify: true,
  sourcemap: false,
  logLevel: 'warning',
  absWorkingDir: here,
  legalComments: 'eof',
  charset: 'utf8',
};
await build({ ...common, entryPoints: ['src/main.js'], outfile: join(out, 'app.js'), format: 'esm', target: ['es2020'] });
await build({ ...common, entryPoints: ['src/style.css'], outfile: join(out, 'app.css'), loader: { '.svg': 'dataurl' } });
copyFileSync(join(here, 'index.html'), join(out, 'index.html'));
console.log(`built the page into ${out}`);
