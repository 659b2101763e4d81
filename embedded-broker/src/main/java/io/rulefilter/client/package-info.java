/**
 * {@code rulefilter rules}: the management client. Internal: the supported interface is the command line and the
 * management operations it calls.
 */
package io.rulefilter.client;
