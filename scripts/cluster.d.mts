import type { Writable } from 'node:stream';

/** A server node started by scripts/cluster.mjs. */
export interface ClusterNode {
  /** The node's process id (its CPU time: tests/bench/process-cpu.ts). */
  pid: number;
  port: number;
  /** `http://127.0.0.1:<port>`: the node itself, past the balancer. */
  url: string;
  /** Stops the node: SIGKILL (a crash, the default) or SIGTERM (a deployment). */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface Cluster {
  /** The balancer (nginx), `http://localhost:<port>`. */
  url: string;
  nodes: ClusterNode[];
  databaseUrl: string;
  filesDir: string;
  /** Stops nginx, the nodes and PostgreSQL (their data stays in the folder). */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  folder: string;
  nodes?: number;
  listenPort?: number;
  postgresPort?: number;
  /** More environment variables for every node. */
  nodeEnv?: Record<string, string>;
  /** Where the nodes' output goes (inherited when absent). */
  log?: Writable | 'ignore';
}

export declare function startCluster(options: ClusterOptions): Promise<Cluster>;
export declare function startNode(options: {
  port: number;
  databaseUrl: string;
  filesDir: string;
  dataDir: string;
  env?: Record<string, string>;
  log?: Writable | 'ignore';
}): Promise<ClusterNode>;
export declare function nginxConfig(options: {
  listenPort: number;
  nodePorts: readonly number[];
  prefix: string;
}): string;
export declare function freePort(): Promise<number>;
