/*
 * Copyright 2026 the RuleFilter authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
/**
 * <b>Internal, not a supported API</b>: public only for RuleFilter's own modules, and may change in any
 * release. Rules compiled into matcher trees that allocate nothing for strings, integers and decimal strings and cost
 * time linear in the rule and the message ({@link io.rulefilter.internal.eval.RuleCompiler}); the case folding and
 * decimal comparison the broker's indexes share with them. Use {@link io.rulefilter.RuleLanguage#compile}.
 */
package io.rulefilter.internal.eval;
