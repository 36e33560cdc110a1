import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "./ports.js";

/**
 * A PostgreSQL cluster of our own on a free port, so the suite can restart, stop and freeze it
 * without touching the machine's shared one. initdb refuses root, so as root every PostgreSQL
 * command runs as the postgres user.
 */
export interface PrivatePostgres {
  port: number;
  /** URL of a database in this cluster. */
  url(database: string): string;
  createDatabase(name: string): Promise<string>;
  /** These three run pg_ctl without blocking, so traffic in this process goes on meanwhile. */
  restart(): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** SIGSTOP every process of the cluster: connections stay open and nothing answers. */
  freeze(): void;
  thaw(): void;
  destroy(): void;
}

function binDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, "bin", "initdb"))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error("PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin (install postgresql)");
  return join(root, versions[0], "bin");
}

const isRoot = () => process.getuid?.() === 0;

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), "contactbook-pg-"));
  if (isRoot()) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, "data");
  const pgRun = (tool: string, args: string[]) => {
    const command = isRoot() ? "runuser" : join(bin, tool);
    const full = isRoot() ? ["-u", "postgres", "--", join(bin, tool), ...args] : args;
    return execFileSync(command, full, { stdio: ["ignore", "pipe", "pipe"], cwd: dir }).toString();
  };
  pgRun("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=60 -c shared_buffers=32MB -c fsync=on`;
  const ctlArgs = (args: string[]) => ["-D", data, "-l", join(dir, "server.log"), "-w", "-t", "30", ...args];
  const ctl = (...args: string[]) => pgRun("pg_ctl", ctlArgs(args));
  const ctlAsync = async (...args: string[]) => {
    const tool = join(bin, "pg_ctl");
    const [command, full] = isRoot() ? ["runuser", ["-u", "postgres", "--", tool, ...ctlArgs(args)]] : [tool, ctlArgs(args)];
    await promisify(execFile)(command, full as string[], { cwd: dir });
  };
  ctl("-o", options, "start");

  let frozen: number[] = [];
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url("postgres") });
      await client.connect();
      await client.query(`create database "${name}"`);
      await client.end();
      return url(name);
    },
    restart: () => ctlAsync("-m", "fast", "-o", options, "restart"),
    stop: () => ctlAsync("-m", "fast", "stop"),
    start: () => ctlAsync("-o", options, "start"),
    freeze() {
      const postmaster = Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]);
      frozen = [postmaster, ...childrenOf(postmaster)];
      for (const pid of frozen) process.kill(pid, "SIGSTOP");
    },
    thaw() {
      for (const pid of frozen) process.kill(pid, "SIGCONT");
      frozen = [];
    },
    destroy() {
      for (const pid of frozen) process.kill(pid, "SIGCONT");
      try {
        ctl("-m", "immediate", "stop");
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Direct children of `pid`, read from /proc (PostgreSQL's backends are the postmaster's children). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      /* exited meanwhile */
    }
  }
  return children;
}
