/**
 * A transaction-local setting of PostgreSQL under which the key counts' insert trigger (migration 0081)
 * counts nothing: set around the insert of the keys an import batch knows nobody else holds, which would
 * otherwise each cost the trigger a look into `contact_keys` to find no other holder (half of the keys'
 * insert). Outside a transaction it lasts one statement, so a key is then counted as usual.
 */
export const UNCOUNTED_KEYS_SETTING = "contactbook.keys_uncounted";
