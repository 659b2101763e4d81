/**
 * The management operations. <b>Supported API</b>: the operations of
 * {@link io.rulefilter.artemis.management.RuleFilterControlMBean}, callable through Artemis's management address
 * (resource {@code rulefilter}) and JMX, with JSON results. The classes behind them are internal.
 */
package io.rulefilter.artemis.management;
