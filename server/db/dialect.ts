/** Which database engine Chorus runs on: the embedded SQLite file, or a PostgreSQL server. */
export type Dialect = 'sqlite' | 'postgres';
