export { adminRoutes } from './routes'
export { loadAdminTexts } from './texts'
