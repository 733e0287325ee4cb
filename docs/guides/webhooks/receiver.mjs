import { Buffer } from 'node:buffer';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';

const key = Buffer.from(process.env.WEBHOOK_SECRET.replace(/^whsec_/, ''), 'base64');
createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const signed = `${req.headers['webhook-id']}.${req.headers['webhook-timestamp']}.${body}`;
    const expected = `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
    const valid = (req.headers['webhook-signature'] ?? '').split(' ').includes(expected);
    console.log(valid ? 'signature ok' : 'BAD SIGNATURE', valid ? JSON.parse(body).type : '');
    res.writeHead(valid ? 204 : 400).end();
  });
}).listen(Number(process.env.PORT ?? 8104), '127.0.0.1');
