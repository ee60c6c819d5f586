import http from 'node:http';
import net from 'node:net';
import { expect } from 'chai';
import { loadConfig } from '../src/config.js';
import { createHttpServer } from '../src/lifecycle/http-server.js';
import type { StalledReader } from '../src/lifecycle/stalled-readers.js';
import { waitFor } from './support/wait.js';

/**
 * EXPORT_IDLE_TIMEOUT_MS on real sockets: an answer whose reader takes nothing is cut, one whose
 * reader is slow but steady, or that is still being computed, is not. (Exports behind it: the
 * slots that a cut frees are tested in export-load.test.ts.)
 */

/** More than the socket buffers on both ends of a loopback connection hold (a few MB). */
const ANSWER_BYTES = 16 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'x');

async function serve(idleMs: number, handler: http.RequestListener) {
  const cut: StalledReader[] = [];
  const server = createHttpServer(
    (req, res) => Promise.resolve(handler(req, res)),
    loadConfig({ EXPORT_IDLE_TIMEOUT_MS: String(idleMs) }).http,
    (reader) => cut.push(reader),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as net.AddressInfo).port, cut };
}

/** Writes ANSWER_BYTES with backpressure; `finished` says whether all of it went out. */
function bigAnswer(outcome: { finished?: boolean }): http.RequestListener {
  return (_req, res) => {
    let sent = 0;
    const pump = () => {
      while (sent < ANSWER_BYTES) {
        sent += CHUNK.length;
        if (!res.write(CHUNK)) return void res.once('drain', pump);
      }
      res.end();
    };
    res.on('finish', () => (outcome.finished = true));
    res.on('close', () => (outcome.finished ??= false));
    pump();
  };
}

function request(port: number, path = '/') {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, closed };
}

describe('EXPORT_IDLE_TIMEOUT_MS: answers whose reader takes nothing', function () {
  this.timeout(20_000);
  const servers: http.Server[] = [];
  afterEach(() => {
    for (const s of servers.splice(0)) (s.closeAllConnections(), s.close());
  });

  it('when the reader stops taking the answer then the connection is cut after the idle time and reported', async () => {
    const outcome: { finished?: boolean } = {};
    const { server, port, cut } = await serve(1000, bigAnswer(outcome));
    servers.push(server);
    const started = performance.now();
    const { socket } = request(port);
    socket.pause(); // a paused socket does not even see the close: the server side tells
    await waitFor(() => outcome.finished !== undefined, { what: 'the answer to end' });
    const ms = performance.now() - started;
    socket.destroy();
    // The idle time is the behaviour under test: not before it, and not much later (room for a loaded machine).
    expect(ms, 'cut after about the idle time').to.be.within(1000, 8000);
    expect(outcome.finished).to.equal(false);
    expect(cut).to.have.length(1);
    expect(cut[0]!.remoteAddress).to.match(/127\.0\.0\.1/);
    expect(cut[0]!.waitingBytes).to.be.greaterThan(0);
  });

  it('when the reader is slow but keeps taking bytes then the answer is written whole', async function () {
    // How long a slow reader takes is not the behaviour: a machine running other suites stretches its pauses.
    this.timeout(75_000);
    const outcome: { finished?: boolean } = {};
    const { server, port, cut } = await serve(1000, bigAnswer(outcome));
    servers.push(server);
    const { socket, closed } = request(port);
    let received = 0;
    // Reads a little at a time, with pauses well under the idle time but long in total.
    socket.on('data', (c: Buffer) => {
      received += c.length;
      socket.pause();
      setTimeout(() => socket.resume(), 10); // a slow reader on purpose: time passing is the point
    });
    await waitFor(() => received >= ANSWER_BYTES, { timeoutMs: 60_000, what: () => `the whole answer (${received} bytes so far)` });
    socket.end();
    await closed;
    expect(received).to.be.at.least(ANSWER_BYTES);
    expect(outcome.finished).to.equal(true);
    expect(cut).to.deep.equal([]);
  });

  it('when an answer is still being computed (nothing waits to be sent) then it is not cut', async () => {
    let answer: (() => void) | undefined;
    const { server, port, cut } = await serve(1000, (_req, res) => {
      answer = () => res.end('late but fine');
    });
    servers.push(server);
    const { socket, closed } = request(port);
    let text = '';
    socket.on('data', (c: Buffer) => (text += c.toString('latin1')));
    // Over two idle times with nothing to send (the time passing is the point here), then the answer.
    await new Promise<void>((resolve) => setTimeout(resolve, 2500));
    answer!();
    await waitFor(() => text.includes('late but fine'), { what: 'the late answer' });
    socket.end();
    await closed;
    expect(cut).to.deep.equal([]);
  });
});
