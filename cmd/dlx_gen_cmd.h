/*
 * dlx_gen_cmd.h - the teaching subcommands of dlx (dlx_gen_cmd.c):
 * `dlx gen KIND ARG` and `dlx dfs KIND N`.  argv[0] is the subcommand.
 */
#ifndef DLX_GEN_CMD_H
#define DLX_GEN_CMD_H

int dlx_gen_main(int argc, char **argv);
int dlx_dfs_main(int argc, char **argv);

#endif
