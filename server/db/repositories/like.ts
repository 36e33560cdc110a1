/** Escapes LIKE's wildcards in user input; every LIKE here says `escape '\'`. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
