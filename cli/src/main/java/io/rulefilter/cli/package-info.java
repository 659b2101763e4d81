/**
 * The {@code rulefilter} commands for the rule language: check, translate, selector, eval, explain and fuzz.
 * Internal: the supported interface is the command line, not these classes.
 */
package io.rulefilter.cli;
