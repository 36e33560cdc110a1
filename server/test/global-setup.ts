import pg from "pg";

/** Drops the PostgreSQL schemas test runs create, before the run (leftovers) and after it. */
async function dropTestSchemas() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(`select nspname from pg_namespace where nspname like 'test\\_%'`);
    for (const { nspname } of rows) await client.query(`drop schema if exists "${nspname}" cascade`);
  } finally {
    await client.end();
  }
}

export default async function setup() {
  await dropTestSchemas();
  return dropTestSchemas;
}
