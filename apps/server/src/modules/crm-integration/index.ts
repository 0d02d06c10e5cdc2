// The crm-integration module's front door (issue 30): the CRM page's HubSpot call.
export { crmIntegrationRoutes } from './routes.ts';
