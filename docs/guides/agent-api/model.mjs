import { createServer } from 'node:http';

// One event of an OpenAI-compatible chat completions stream.
const send = (res, delta, finishReason = null) =>
  res.write(
    `data: ${JSON.stringify({ model: 'toy-model', choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`,
  );

createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const last = JSON.parse(body).messages.at(-1);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    if (last.role === 'tool') {
      // The rag tool's result: answer with its best passage.
      const passage = JSON.parse(last.content).knowledgeResults?.[0]?.text ?? 'nothing on that';
      send(res, { role: 'assistant', content: `From the knowledge base: ${passage}` }, 'stop');
    } else {
      // A question: look it up with the service's rag tool first.
      const call = {
        index: 0,
        id: 'call_1',
        type: 'function',
        function: { name: 'rag', arguments: JSON.stringify({ text: last.content, topK: 1 }) },
      };
      send(res, { role: 'assistant', tool_calls: [call] }, 'tool_calls');
    }
    res.end('data: [DONE]\n\n');
  });
}).listen(Number(process.env.PORT ?? 8105), '127.0.0.1');
