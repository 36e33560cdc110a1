// What a process of this machine uses, read from Linux's /proc: the benchmarks' one reader of it.
import { readFileSync, readdirSync } from "node:fs";

/** Resident memory of a process, in MB. */
export const rssMb = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/** The fields of a stat file after the command's name (which may hold spaces and parentheses). */
export function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** CPU seconds (user and system) a process or thread has used, from its stat file (Linux's 100 ticks a second); 0 once it is gone. */
function cpuSecondsOf(path: string): number {
  try {
    const fields = statFields(readFileSync(path, "utf8"));
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0; // gone meanwhile
  }
}

/** CPU seconds a process has used with all its threads, those ended included. */
export const cpuSeconds = (pid: number): number => cpuSecondsOf(`/proc/${pid}/stat`);

/** CPU seconds of each thread a process has now. */
export function threadCpu(pid: number): Map<number, number> {
  const used = new Map<number, number>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) used.set(Number(tid), cpuSecondsOf(`/proc/${pid}/task/${tid}/stat`));
  } catch {
    // gone meanwhile
  }
  return used;
}
