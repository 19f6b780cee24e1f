// A worker thread's entry for tests that run TypeScript in one (a case that may hang, killed at a deadline): shader
// imports (`?raw`) read as Vite reads them, TypeScript loaded through tsx, then the module named in workerData.module.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';
import '../bench/raw-imports.mjs';

register();
await import(workerData.module);
