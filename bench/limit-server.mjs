// The limit: a bare Node http server answering recorded API responses byte for byte from memory.
import fs from 'node:fs';
import http from 'node:http';

const [, , file, port] = process.argv;
const recorded = JSON.parse(fs.readFileSync(file, 'utf8'));
const answers = new Map(
  Object.entries(recorded).map(([url, r]) => [
    url,
    { body: Buffer.from(r.body, 'utf8'), type: r.contentType },
  ]),
);
http
  .createServer((req, res) => {
    // '*' answers every path: the limit for requests that each ask something new.
    const a = answers.get(req.url) ?? answers.get('*');
    if (!a) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': a.type, 'content-length': a.body.length });
    res.end(a.body);
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'));
