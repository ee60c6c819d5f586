/**
 * Why the database cannot be used. A fixed word, never the driver's text: that may name hosts and
 * logins, and a probe answers anyone.
 */
export type DbCause =
  | 'login-failed'
  | 'unknown-database'
  | 'tls'
  | 'host-unknown'
  | 'host-unreachable'
  | 'connection-refused'
  | 'connection-reset'
  | 'connect-timeout'
  | 'no-answer'
  | 'pool-timeout'
  | 'pool-closed'
  | 'too-many-connections'
  | 'server-unavailable'
  | 'cannot-open'
  | 'database-busy';

export type DbFailure = 'unavailable' | 'timeout' | 'not-found' | 'schema-missing';
