import { ConfigError } from "../config.js";

/**
 * Runs a command-line tool: a usage line when the arguments are wrong (exit 2), a one-line
 * message for the errors it expects (exit 1), the stack only for a bug.
 */
export function runCli(usage: string, main: (args: string[]) => Promise<boolean>, expected: new (...args: never[]) => Error) {
  main(process.argv.slice(2)).then(
    (ok) => {
      if (!ok) {
        console.error(`Usage: ${usage}`);
        process.exit(2);
      }
      process.exit(0);
    },
    (error: unknown) => {
      const known = error instanceof expected || error instanceof ConfigError;
      console.error(known ? (error as Error).message : error);
      process.exit(1);
    },
  );
}
