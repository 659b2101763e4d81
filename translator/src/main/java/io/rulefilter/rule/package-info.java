/**
 * The syntax tree of a rule: {@link io.rulefilter.rule.Rule} and its nodes, operators, subjects, operands and
 * wildcard patterns. <b>Supported API</b>: immutable values, equal when they mean the same rule; tools may walk or
 * build them.
 */
package io.rulefilter.rule;
