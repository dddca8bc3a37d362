#!/usr/bin/env node
// The `bdb` command. It runs the compiled code in dist/ (the bundle of the command that `npm run build`
// writes, scripts/bundle-cli.mjs); in a checkout not yet built, it says so in one line instead of Node's
// "Cannot find module" stack trace.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/bundle/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('bdb: not built yet (dist/ is missing): run npm run build, then bdb again\n');
  process.exit(1);
}
const { main } = await import(entry.href);
await main(process.argv);
