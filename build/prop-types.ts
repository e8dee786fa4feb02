/**
 * Stands in for `prop-types` (docs/decisions.md): react-stripe-js declares `propTypes` on its
 * components, which React 19 no longer reads. Every checker (`PropTypes.func`, `.isRequired`…)
 * is one function that checks nothing, as prop-types' own production shims do, in fewer bytes.
 */
type Checker = (() => null) & { isRequired: Checker }
const checker = (() => null) as Checker // its `isRequired` is set on the next line
checker.isRequired = checker

export default new Proxy({}, { get: () => checker })
