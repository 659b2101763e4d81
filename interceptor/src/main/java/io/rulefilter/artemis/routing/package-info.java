/**
 * The routing path: the filter each subscription queue gets, and the per-address index that routes an address's
 * subscriptions in one pass where it can do so exactly. Runs once per message; no locks, no allocation. Internal,
 * <b>not a supported API</b>.
 */
package io.rulefilter.artemis.routing;
