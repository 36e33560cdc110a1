export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** A longer line (a huge stack, a runaway field) is cut here, so one event cannot flood the log. */
export const MAX_LINE = 8192;

/** One line per event: time, level, message, then JSON fields. */
export function createConsoleLogger(): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>) => {
    let line = `${new Date().toISOString()} ${level} ${message}${fields ? " " + JSON.stringify(fields) : ""}`;
    if (line.length > MAX_LINE) line = `${line.slice(0, MAX_LINE)}... [${line.length - MAX_LINE} more characters cut]`;
    (level === "ERROR" ? console.error : console.log)(line);
  };
  return {
    info: (m, f) => write("INFO", m, f),
    warn: (m, f) => write("WARN", m, f),
    error: (m, f) => write("ERROR", m, f),
  };
}

/** Keeps lines in memory; tests read them instead of the console. */
export function createMemoryLogger(): Logger & { lines: { level: string; message: string; fields?: Record<string, unknown> }[] } {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const push = (level: string) => (message: string, fields?: Record<string, unknown>) => {
    lines.push({ level, message, ...(fields ? { fields } : {}) });
  };
  return { lines, info: push("info"), warn: push("warn"), error: push("error") };
}
