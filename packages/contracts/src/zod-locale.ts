import { z } from 'zod';

/**
 * Zod's own messages in Brazilian Portuguese ('Formato do UUID inválido' instead of 'Invalid UUID')
 * for every schema that does not carry its own; imported once by the server and by the web app.
 */
z.config(z.locales.ptBR());
