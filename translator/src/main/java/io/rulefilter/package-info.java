/**
 * The rule language of RuleFilter as a library without dependencies. <b>Supported API</b>: start at
 * {@link io.rulefilter.RuleLanguage}, which parses and checks rules, evaluates them on messages, and translates them
 * into Artemis filters and JMS selectors.
 */
package io.rulefilter;
