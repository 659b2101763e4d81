/**
 * The selector form: a rule's SQL translation with the rule itself in a comment, the string JMS subscribers pass as
 * their selector. <b>Supported API</b>: {@link io.rulefilter.selector.RuleSelector}.
 */
package io.rulefilter.selector;
