import net from 'node:net';

/**
 * A TCP proxy in front of a database that a test can cut and restore, to see what the service does
 * when its database goes away mid-flight and comes back.
 *
 * - `up`: connections are piped to the target.
 * - `refuse`: live connections are destroyed and the port is closed (ECONNREFUSED).
 * - `blackhole`: live connections are destroyed; new ones are accepted but nothing is ever sent
 *   either way (a host that has vanished behind a firewall: the driver waits for its handshake).
 * - `silent`: a partition: live connections stay open but nothing more crosses in either direction
 *   (a query in flight never gets its answer); new ones are accepted and never answered.
 */
export type ProxyMode = 'up' | 'refuse' | 'blackhole' | 'silent';

export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private mode: ProxyMode = 'up';
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Listens on an ephemeral port of 127.0.0.1 (then on the same port after each restore). */
  async start(): Promise<this> {
    await this.listen();
    return this;
  }

  private listen(): Promise<void> {
    const server = net.createServer((client) => this.accept(client));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        this.port = (server.address() as net.AddressInfo).port;
        server.off('error', reject);
        resolve();
      });
    });
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  private accept(client: net.Socket): void {
    this.track(client);
    if (this.mode === 'blackhole' || this.mode === 'silent') return; // hold it open, say nothing
    const upstream = net.connect(this.targetPort, this.targetHost);
    this.track(upstream);
    // Not pipe(): in `silent` mode the bytes must be dropped while both sockets stay open.
    client.on('data', (chunk: Buffer) => {
      if (this.mode === 'up') upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (this.mode === 'up') client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }

  private dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  private async closeServer(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Destroys every live connection and closes the port: new connections are refused. */
  async refuse(): Promise<void> {
    this.mode = 'refuse';
    this.dropConnections();
    await this.closeServer();
  }

  /** Destroys every live connection; new ones are accepted and then never answered. */
  async blackhole(): Promise<void> {
    this.mode = 'blackhole';
    this.dropConnections();
    if (!this.server) await this.listen();
  }

  /** Live connections stay open, but nothing crosses any more; new ones are never answered. */
  async silence(): Promise<void> {
    this.mode = 'silent';
    if (!this.server) await this.listen();
  }

  /** The database is reachable again (existing black-holed connections stay dead). */
  async restore(): Promise<void> {
    this.mode = 'up';
    this.dropConnections();
    if (!this.server) await this.listen();
  }

  async stop(): Promise<void> {
    this.mode = 'refuse';
    this.dropConnections();
    await this.closeServer();
  }
}
