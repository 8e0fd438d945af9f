import { ensureWebBuild } from './web-build.ts';

// `npm start`: build the web app if it is missing or stale, then run the server.
await ensureWebBuild();
await import('../server/main.ts');
