/** Internal. Holds the planned splits not yet assigned and hands them out as readers ask. */
package io.pqx.source.assigner;
