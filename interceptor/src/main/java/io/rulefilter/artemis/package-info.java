/**
 * RuleFilter as an Artemis broker plugin. <b>Supported API</b>: {@link io.rulefilter.artemis.RuleFilterPlugin} (the
 * class broker.xml names, or code registers) and {@link io.rulefilter.artemis.PluginSettings} with its
 * {@link io.rulefilter.artemis.Setting}s. Everything in the sub-packages is internal, <b>not a supported API</b>,
 * except the management operations of {@link io.rulefilter.artemis.management.RuleFilterControlMBean}.
 */
package io.rulefilter.artemis;
