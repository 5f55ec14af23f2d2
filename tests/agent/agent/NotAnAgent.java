package agent;

// agent=agent.NotAnAgent must be refused with a one-line error.
public class NotAnAgent {}
