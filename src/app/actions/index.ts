/** Acting on objects (SPEC §2 action panels, §7 calls, §8 action messages): shared by monitoring and risks. */
export { atLeastOne, info, send, sendAll, success, warning, type ApiCall } from './calls'
export {
  closeTicketCall,
  runCloseTicket,
  runCreateTickets,
  runTicketNote,
  ticketCall,
  ticketFlow,
  ticketKeys,
  ticketNoteCall,
  ticketObjectPath,
  useTicket,
  useTicketList,
  type TicketObject,
} from './tickets'
