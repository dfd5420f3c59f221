export { dashboardRoutes } from './routes'
// Issue 19: the graphs tab of a resource pins its graphs to the user's dashboard.
export { PinGraphButton, type PinGraphButtonProps } from './components/PinGraphButton'
