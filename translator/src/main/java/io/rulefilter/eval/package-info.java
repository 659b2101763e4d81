/**
 * Rules compiled for evaluation: matcher trees that allocate nothing for strings, integers and decimal strings and
 * cost time linear in the rule and the message. <b>Supported API</b>: {@link io.rulefilter.eval.CompiledRule} and
 * {@link io.rulefilter.eval.Explanation}; {@link io.rulefilter.eval.RuleCompiler} is public for RuleFilter's own
 * modules and is <b>not a supported API</b>.
 */
package io.rulefilter.eval;
