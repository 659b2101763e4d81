/**
 * Rules translated into Artemis filters (SQL-92 selectors) with an exactness flag, written so that the JMS client's
 * selector rewriting leaves them alone and Artemis can evaluate them in time linear in the message.
 * <b>Supported API</b>: {@link io.rulefilter.sql.SqlFilter} and {@link io.rulefilter.sql.Exactness};
 * {@link io.rulefilter.sql.SqlTranslator} is public for RuleFilter's own modules and is <b>not a supported API</b>.
 */
package io.rulefilter.sql;
