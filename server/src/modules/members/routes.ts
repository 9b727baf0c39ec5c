import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  invitationAccepted,
  invitationAcceptPath,
  invitationIdParam,
  invitationLinkPath,
  invitationPath,
  invitationResendPath,
  invitationsPath,
  invitationTokenParam,
  invitationView,
  inviteRequest,
  memberIdParam,
  memberPath,
  membersPath,
  messageResponse,
  pendingInvitation,
  roleChangeRequest,
  teamMember,
  teamView,
} from '@verigate/contracts';
import type { AppContext } from '../../context.js';
import { replies } from '../../platform/http.js';
import { originOf } from '../../platform/request-origin.js';

/** Teams (packages/contracts/src/members.ts): members, roles and invitations of the organisation the call acts for. */
export const memberRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { members } = ctx.services;

  app.get(membersPath, { schema: { response: replies(teamView) } }, async (request) => ({ data: await members.team(await ctx.requireOrganisation(request)) }));

  app.post(invitationsPath, { schema: { body: inviteRequest, response: replies(pendingInvitation) } }, async (request) => ({
    data: await members.invite(await ctx.requireOrganisation(request), request.body, originOf(request)),
  }));

  app.post(invitationResendPath(':id'), { schema: { params: invitationIdParam, response: replies(pendingInvitation) } }, async (request) => ({
    data: await members.resend(await ctx.requireOrganisation(request), request.params.id, originOf(request)),
  }));

  app.delete(invitationPath(':id'), { schema: { params: invitationIdParam, response: replies(messageResponse) } }, async (request) => ({
    data: await members.revoke(await ctx.requireOrganisation(request), request.params.id, originOf(request)),
  }));

  app.put(memberPath(':userId'), { schema: { params: memberIdParam, body: roleChangeRequest, response: replies(teamMember) } }, async (request) => ({
    data: await members.changeRole(await ctx.requireOrganisation(request), request.params.userId, request.body.role, originOf(request)),
  }));

  app.delete(memberPath(':userId'), { schema: { params: memberIdParam, response: replies(messageResponse) } }, async (request) => ({
    data: await members.remove(await ctx.requireOrganisation(request), request.params.userId, originOf(request)),
  }));

  app.get(invitationLinkPath(':token'), { schema: { params: invitationTokenParam, response: replies(invitationView) } }, async (request) => ({
    data: await members.invitation(request.params.token),
  }));

  app.post(invitationAcceptPath(':token'), { schema: { params: invitationTokenParam, response: replies(invitationAccepted) } }, async (request) => {
    const { userId } = await ctx.requireUser(request);
    return { data: await members.accept(request.params.token, userId, originOf(request)) };
  });
};
