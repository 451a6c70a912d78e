/** The value types of the SQL connector's own options (public). */
package io.pqx.table.options;
