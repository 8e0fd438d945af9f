import fs from 'node:fs';
import http from 'node:http';

/**
 * The yardstick for `npm run bench -- stream`: the least a Node server can do to serve byte
 * ranges of one file — parse the Range header and pipe fs.createReadStream with its defaults.
 */
const file = process.argv[2]!;
const size = fs.statSync(file).size;

const server = http.createServer((request, response) => {
  const match = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
  if (!match) {
    response.writeHead(200, {
      'content-type': 'audio/mpeg',
      'content-length': size,
      'accept-ranges': 'bytes',
    });
    fs.createReadStream(file).pipe(response);
    return;
  }
  const start = Number(match[1]);
  const end = Math.min(Number(match[2]), size - 1);
  response.writeHead(206, {
    'content-type': 'audio/mpeg',
    'content-length': end - start + 1,
    'content-range': `bytes ${start}-${end}/${size}`,
    'accept-ranges': 'bytes',
  });
  fs.createReadStream(file, { start, end }).pipe(response);
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  );
});
