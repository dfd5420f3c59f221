/** Dutch names of the administration screens (the keys of ../en/admin-screens.ts). */
import type { adminScreens as en } from '../en/admin-screens'

export const adminScreens: typeof en = {
  overview: 'Beheer',
  hosts: 'Hostbeheer',
  discovery: 'Netwerkverkenning',
  hostImport: 'Hosts importeren',
  environments: 'Omgevingen',
  users: 'Gebruikers',
  timeline: 'Tijdlijn van de organisatie',
  userTimeline: 'Tijdlijn van de gebruiker',
  thresholds: 'Drempelinstellingen',
  services: 'Dienstinstellingen',
  agent: 'Agentinstellingen',
  risks: 'Risico-instellingen',
  labels: 'Labelinstellingen',
  limits: 'Limieten',
  tickets: 'Instellingen ticketsystemen',
  clientReports: 'Browserrapporten',
  probes: 'Probes',
}
