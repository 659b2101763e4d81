/**
 * Rule text to syntax tree and back: the parser, its limits and errors, the canonical printer and the number syntax.
 * <b>Supported API</b>: {@link io.rulefilter.parse.RuleSyntaxException} and {@link io.rulefilter.parse.RuleLimits}.
 * The other public types are public for RuleFilter's own modules and are <b>not a supported API</b>; use
 * {@link io.rulefilter.RuleLanguage}.
 */
package io.rulefilter.parse;
